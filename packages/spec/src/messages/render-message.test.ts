import { describe, expect, it } from 'vitest';
import { messageNodes } from './message-node';
import { htmlFromText, renderMessage } from './render-message';

const nodes = messageNodes({
  welcome: {
    subject: 'Welcome to {app}, {name}',
    text: 'Hello {name},\n\nYour board is at {link}.\nSee you there.\n\n\n— {app}',
  },
  styled: {
    subject: 'Hi {name}',
    text: 'Hi {name}: {link}',
    html: '<h1>Hi {name}</h1><a href="{link}">open</a> {missing}',
  },
});
const welcome = nodes.welcome!;
const styled = nodes.styled!;

describe('renderMessage', () => {
  it('fills the subject and the text', () => {
    const mail = renderMessage(welcome, {
      app: 'Helpdesk',
      name: 'Ann',
      link: 'https://a.example/b?x=1&y=2',
    });
    expect(mail.subject).toBe('Welcome to Helpdesk, Ann');
    expect(mail.text).toBe(
      'Hello Ann,\n\nYour board is at https://a.example/b?x=1&y=2.\nSee you there.\n\n\n— Helpdesk',
    );
  });

  it('makes HTML from the text: paragraphs, line breaks, links, escaped', () => {
    const mail = renderMessage(welcome, {
      app: 'Helpdesk',
      name: 'Ann',
      link: 'https://a.example/b?x=1&y=2',
    });
    expect(mail.html).toBe(
      [
        '<p>Hello Ann,</p>',
        '<p>Your board is at <a href="https://a.example/b?x=1&amp;y=2">https://a.example/b?x=1&amp;y=2</a>.<br>',
        'See you there.</p>',
        '<p>— Helpdesk</p>',
      ].join('\n'),
    );
  });

  it('keeps an injected <script> param inert, in HTML made from the text', () => {
    const mail = renderMessage(welcome, { app: 'H', name: '<script>alert(1)</script>', link: 'x' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The plain text is not HTML: it carries the name as typed.
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('escapes every param in the message’s own HTML, attributes too', () => {
    const mail = renderMessage(styled, {
      name: '<img src=x onerror=alert(1)>',
      link: '"><script>x</script>',
    });
    expect(mail.html).toBe(
      '<h1>Hi &lt;img src=x onerror=alert(1)&gt;</h1><a href="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">open</a> {missing}',
    );
  });

  it('leaves a missing param visible as {param}, like fillTemplate', () => {
    const mail = renderMessage(welcome, { app: 'Helpdesk' });
    expect(mail.subject).toBe('Welcome to Helpdesk, {name}');
    expect(mail.text).toContain('Hello {name},');
    expect(mail.html).toContain('<p>Hello {name},</p>');
  });

  it('keeps the subject on one line whatever a param holds', () => {
    const mail = renderMessage(welcome, { app: 'H', name: 'Ann\r\nBcc: everyone@example.com' });
    expect(mail.subject).toBe('Welcome to H, Ann Bcc: everyone@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('renders numbers', () => {
    const mail = renderMessage(nodes.passwordReset!, {
      app: 'H',
      name: 'Ann',
      link: 'https://a.example/r',
      minutes: 60,
    });
    expect(mail.text).toContain('within 60 minutes');
  });
});

describe('htmlFromText', () => {
  it.each([
    [
      'a link at the end of a sentence',
      'See https://a.example/x.',
      '<p>See <a href="https://a.example/x">https://a.example/x</a>.</p>',
    ],
    [
      'a link in parentheses',
      '(https://a.example)',
      '<p>(<a href="https://a.example">https://a.example</a>)</p>',
    ],
    ['no javascript: links', 'javascript:alert(1)', '<p>javascript:alert(1)</p>'],
    ['CRLF line ends', 'a\r\nb\r\n\r\nc', '<p>a<br>\nb</p>\n<p>c</p>'],
    ['markup in the text', 'x < y & "z"', '<p>x &lt; y &amp; &quot;z&quot;</p>'],
  ])('%s', (_name, text, html) => {
    expect(htmlFromText(text)).toBe(html);
  });
});
