/**
 * The demo's knowledge base: three published articles anyone can read, and one draft only
 * agents and admins see.
 */

export interface DemoArticle {
  readonly title: string;
  /** Markdown. */
  readonly body: string;
  readonly published: boolean;
}

/**
 * @example DEMO_ARTICLES.filter((a) => a.published).length // 3
 */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Resetting your password',
    published: true,
    body: `If you have forgotten your password, choose **Forgot password?** on the sign-in page and enter the email address of your account. We send a link that is valid for one hour.

## The email does not arrive
- Check your spam folder and, if your company uses one, the mail quarantine.
- Ask your IT team to allow mail from \`no-reply@helpdesk.test\`.
- Requesting several links in a row does not help: only the newest one works.

Still stuck? File a ticket in the **Account** category and we will verify your identity and reset it for you.`,
  },
  {
    title: 'Understanding your invoice',
    published: true,
    body: `Invoices are issued on the first day of each billing period and sent to the billing contact of your workspace.

## What is on it
- **Plan and seats**: the plan you are on and the number of seats billed.
- **VAT number**: taken from *Settings → Billing*. Update it there before the next invoice is issued.
- **Proration**: seats added mid-period are billed for the remaining days only.

## Corrections
We can reissue an invoice with corrected company details within 90 days. File a ticket in the **Billing** category with the invoice number and the corrected details.`,
  },
  {
    title: 'Exporting reports to CSV',
    published: true,
    body: `Every report can be exported as a CSV file that opens in Excel, Numbers or Google Sheets.

1. Open the report and set the filters and date range you need.
2. Choose **Export → CSV**.
3. The file downloads once it is ready; large reports can take a minute.

## Tips
- Exports use the filters on screen, so narrow the date range for very large reports.
- Dates are written in ISO 8601 (\`2025-03-01T09:30:00Z\`), in UTC.`,
  },
  {
    title: 'Setting up webhooks',
    published: false,
    body: `*Draft — waiting for the v2 delivery changes before publishing.*

Webhooks notify your systems when something changes in your workspace.

1. Go to *Settings → Integrations → Webhooks* and add your endpoint URL.
2. Choose the events to send.
3. Answer every delivery with a 2xx status within 10 seconds and a small body; anything else is retried with backoff for up to 24 hours.`,
  },
];
