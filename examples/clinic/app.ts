/**
 * The clinic: a small practice's appointments and invoices, its whole product spec in nine
 * points. Where the helpdesk shows the everyday language, the clinic shows the rules that span
 * records: a slot a doctor cannot be booked twice in (conditional uniqueness), opening hours in
 * the clinic's time zone, an invoice whose lines may not add up past a maximum (a guard on a sum
 * of children) and that cannot lose or change a line once sent (a guard on delete and update).
 * See ../../docs/guide.md for the language, one section per point.
 */
import {
  addHours,
  and,
  callerIs,
  can,
  changed,
  constant,
  countOf,
  defineApp,
  divide,
  entity,
  f,
  gt,
  gte,
  inState,
  lte,
  not,
  now,
  related,
  sumOf,
  timeOfDay,
  today,
  users,
  weekdayOf,
} from '@ninefold/spec';

const ZONE = constant('CLINIC_ZONE');

// 3. Entities and fields — 4. states — 5. validation — 6. access, per entity.

// The front desk links a doctor's or a patient's record to their sign-in, so it sees who has one.
const people = users({
  label: 'Users',
  fields: {},
  access: {
    read: {
      receptionist: { fields: ['id', 'createdAt', 'updatedAt', 'version', 'name', 'email', 'role'] },
      doctor: callerIs('id'),
      patient: callerIs('id'),
    },
  },
});

// A doctor's sign-in is optional: the practice lists locums who never use the app.
const doctors = entity({
  label: 'Doctors',
  title: 'name',
  fields: {
    name: f.text({ min: 2, max: 80, label: 'Name' }),
    specialty: f.text({ max: 80, optional: true, label: 'Specialty' }),
    account: f.ref('users', { optional: true, unique: true, label: 'Sign-in', onDelete: 'setNull' }),
  },
  access: {
    read: { receptionist: true, doctor: true, patient: true },
    create: { receptionist: true },
    update: { receptionist: true },
  },
});

const patients = entity({
  label: 'Patients',
  title: 'name',
  fields: {
    name: f.text({ min: 2, max: 80, label: 'Name' }),
    birthDate: f.date({ label: 'Birth date' }),
    phone: f.text({ max: 30, optional: true, label: 'Phone' }),
    account: f.ref('users', { optional: true, unique: true, label: 'Sign-in', onDelete: 'setNull' }),
  },
  access: {
    read: { receptionist: true, doctor: true, patient: callerIs('account') },
    create: { receptionist: true },
    update: { receptionist: true },
  },
  validate: [
    {
      name: 'bornInThePast',
      check: lte('birthDate', today(ZONE)),
      error: 'VALIDATION_FAILED',
      field: 'birthDate',
    },
  ],
});

const appointments = entity({
  label: 'Appointments',
  title: '{patient.name} with {doctor.name}',
  fields: {
    doctor: f.ref('doctors', { label: 'Doctor', index: true }),
    patient: f.ref('patients', { label: 'Patient', index: true }),
    startsAt: f.datetime({ label: 'Starts' }),
    durationMinutes: f.integer({ choices: [15, 30, 45, 60], default: 30, label: 'Duration (minutes)' }),
    reason: f.text({ max: 200, optional: true, label: 'Reason' }),
  },
  states: {
    field: 'status',
    initial: 'booked',
    states: {
      booked: { label: 'Booked' },
      done: { label: 'Done', final: true },
      cancelled: { label: 'Cancelled', final: true, description: 'The slot is free again.' },
    },
    transitions: {
      complete: {
        label: 'Mark done',
        from: 'booked',
        to: 'done',
        who: { doctor: related('doctor', callerIs('account')), receptionist: true },
      },
      cancel: {
        from: 'booked',
        to: 'cancelled',
        who: { receptionist: true, patient: can('patient', 'read') },
      },
    },
  },
  access: {
    // A doctor sees their own diary; a patient their own appointments.
    read: {
      receptionist: true,
      doctor: related('doctor', callerIs('account')),
      patient: can('patient', 'read'),
    },
    create: { receptionist: true },
    update: { receptionist: { where: inState('booked'), fields: ['startsAt', 'durationMinutes', 'reason'] } },
  },
  // Cancelled appointments keep their slot in the history, not in the diary: a cancelled
  // booking does not stop the slot being booked again.
  unique: [
    {
      name: 'oneBookingPerSlot',
      fields: ['doctor', 'startsAt'],
      where: not(inState('cancelled')),
      error: 'SLOT_TAKEN',
    },
  ],
  validate: [
    {
      // The appointment starts no earlier than opening and ends no later than closing, on a
      // weekday, all read on the clinic's wall clock (so 08:00 is 07:00Z in winter, 06:00Z in
      // summer). Its end is its start plus the duration in hours.
      name: 'withinOpeningHours',
      check: and(
        lte(weekdayOf('startsAt', ZONE), 5),
        gte(timeOfDay('startsAt', ZONE), constant('OPENS_AT')),
        lte(timeOfDay(addHours('startsAt', divide('durationMinutes', 60)), ZONE), constant('CLOSES_AT')),
        // An appointment running past midnight would read as early morning: none may start late.
        lte(timeOfDay('startsAt', ZONE), constant('CLOSES_AT')),
      ),
      error: 'OUTSIDE_OPENING_HOURS',
      field: 'startsAt',
      params: { opens: constant('OPENS_AT'), closes: constant('CLOSES_AT') },
    },
    {
      name: 'bookedAhead',
      when: changed('startsAt'),
      check: gt('startsAt', now()),
      error: 'BOOKING_IN_PAST',
      field: 'startsAt',
    },
  ],
  indexes: [['startsAt']],
  sortable: ['startsAt'],
});

const invoices = entity({
  label: 'Invoices',
  title: 'reference',
  fields: {
    reference: f.text({ min: 3, max: 30, unique: true, label: 'Reference' }),
    patient: f.ref('patients', { label: 'Patient', index: true }),
    issuedOn: f.date({ optional: true, label: 'Issued on' }),
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: {
      draft: { label: 'Draft' },
      sent: { label: 'Sent' },
      paid: { label: 'Paid', final: true },
    },
    transitions: {
      send: {
        from: 'draft',
        to: 'sent',
        who: { receptionist: true },
        requires: [{ check: gte(countOf('invoiceLines', 'invoice'), 1), error: 'INVOICE_EMPTY' }],
        set: { issuedOn: today(ZONE) },
      },
      markPaid: { label: 'Mark paid', from: 'sent', to: 'paid', who: { receptionist: true } },
    },
  },
  access: {
    read: { receptionist: true, patient: can('patient', 'read') },
    create: { receptionist: { fields: ['reference', 'patient'] } },
    update: { receptionist: { where: inState('draft'), fields: ['reference'] } },
    delete: { receptionist: true },
  },
  validate: [{ name: 'onlyDraftsDeleted', on: ['delete'], check: inState('draft'), error: 'INVOICE_LOCKED' }],
});

const invoiceLines = entity({
  label: 'Invoice lines',
  title: 'description',
  fields: {
    invoice: f.ref('invoices', { immutable: true, label: 'Invoice', onDelete: 'cascade', index: true }),
    description: f.text({ min: 1, max: 120, label: 'Description' }),
    amountCents: f.integer({ min: 1, label: 'Amount (cents)' }),
  },
  access: {
    read: { receptionist: true, patient: can('invoice', 'read') },
    create: { receptionist: true },
    update: { receptionist: { fields: ['description', 'amountCents'] } },
    delete: { receptionist: true },
  },
  validate: [
    {
      // A sent invoice is a document the patient holds: its lines are fixed.
      name: 'invoiceStillDraft',
      on: ['create', 'update', 'delete'],
      check: related('invoice', inState('draft')),
      error: 'INVOICE_LOCKED',
      field: 'invoice',
    },
    {
      // Judged on the lines as they stand after the write: this line's new amount included.
      name: 'invoiceWithinMaximum',
      check: lte(
        sumOf('invoiceLines', 'invoice', 'amountCents', { of: 'invoice' }),
        constant('MAX_INVOICE_CENTS'),
      ),
      error: 'INVOICE_OVER_LIMIT',
      field: 'amountCents',
      params: { max: constant('MAX_INVOICE_CENTS') },
    },
  ],
});

export default defineApp({
  // 1. What the product does and for whom.
  about: {
    name: 'Clinic',
    summary: 'Appointments and invoices for a small medical practice in Zurich.',
    audience: {
      receptionist: 'Receptionists book appointments, keep patient records and send invoices.',
      doctor: 'Doctors see their own diary and mark appointments done.',
      patient: 'Patients see their own appointments and invoices, and may cancel a booking.',
      admin: 'Admins run the practice: people, settings and the audit log.',
    },
  },

  // 6. Roles.
  roles: {
    receptionist: { label: 'Receptionist', description: 'Books appointments and sends invoices.' },
    doctor: { label: 'Doctor', description: 'Sees their diary.' },
    patient: { label: 'Patient', description: 'Sees their own appointments and invoices.' },
    admin: { label: 'Admin', admin: true, description: 'Runs the practice.' },
  },

  // 9. Business constants.
  constants: {
    CLINIC_ZONE: { value: 'Europe/Zurich', public: true, description: 'The clinic’s wall clock.' },
    OPENS_AT: { value: '08:00', public: true, description: 'No appointment starts earlier.' },
    CLOSES_AT: { value: '18:00', public: true, description: 'No appointment ends later.' },
    MAX_INVOICE_CENTS: { value: 500_000, public: true, description: 'The most one invoice may total.' },
  },

  // 8. The error catalogue.
  errors: {
    SLOT_TAKEN: { status: 409, message: 'The doctor already has an appointment at that time.' },
    OUTSIDE_OPENING_HOURS: {
      status: 422,
      message: 'Appointments are on weekdays between {opens} and {closes}, clinic time.',
      params: { opens: 'string', closes: 'string' },
    },
    BOOKING_IN_PAST: { status: 422, message: 'An appointment cannot start in the past.' },
    INVOICE_EMPTY: { status: 409, message: 'An invoice needs at least one line before it is sent.' },
    INVOICE_LOCKED: { status: 409, message: 'This invoice has been sent: its lines cannot change.' },
    INVOICE_OVER_LIMIT: {
      status: 422,
      message: 'An invoice may total at most {max} cents.',
      params: { max: 'number' },
    },
  },

  entities: { users: people, doctors, patients, appointments, invoices, invoiceLines },

  // 9. Limits.
  limits: {
    pageSize: { default: 25, max: 100 },
    bodyBytes: 64 * 1024,
    rates: { failedLogins: { scope: 'login', max: 10, window: '1m', per: ['email', 'address'] } },
  },

  // 2. Screens and routes.
  screens: {
    login: { route: '/login', kind: 'login', title: 'Sign in', roles: ['anonymous'] },
    dashboard: {
      route: '/',
      kind: 'dashboard',
      title: 'Today',
      widgets: [
        {
          kind: 'list',
          name: 'upcoming',
          title: 'Booked appointments',
          entity: 'appointments',
          where: { status: 'booked' },
          sort: 'startsAt',
          limit: 10,
        },
        {
          kind: 'count',
          name: 'draftInvoices',
          title: 'Draft invoices',
          entity: 'invoices',
          where: { status: 'draft' },
          roles: ['receptionist', 'admin'],
        },
        {
          kind: 'chart',
          name: 'appointmentsByStatus',
          title: 'Appointments by status',
          entity: 'appointments',
          groupBy: 'status',
          roles: ['receptionist', 'admin'],
        },
      ],
    },
    appointments: {
      route: '/appointments',
      kind: 'list',
      title: 'Appointments',
      entity: 'appointments',
      columns: ['startsAt', 'doctor', 'patient', 'durationMinutes', 'status'],
      filters: ['status', 'doctor', 'patient'],
      sort: 'startsAt',
    },
    newAppointment: {
      route: '/appointments/new',
      kind: 'form',
      title: 'Book an appointment',
      entity: 'appointments',
      roles: ['receptionist', 'admin'],
    },
    appointment: { route: '/appointments/:id', kind: 'detail', title: 'Appointment', entity: 'appointments' },
    patients: {
      route: '/patients',
      kind: 'list',
      title: 'Patients',
      entity: 'patients',
      columns: ['name', 'birthDate', 'phone'],
      roles: ['receptionist', 'doctor', 'admin'],
    },
    newPatient: {
      route: '/patients/new',
      kind: 'form',
      title: 'New patient',
      entity: 'patients',
      roles: ['receptionist', 'admin'],
    },
    patient: {
      route: '/patients/:id',
      kind: 'detail',
      title: 'Patient',
      entity: 'patients',
      related: [
        { entity: 'appointments', via: 'patient', title: 'Appointments' },
        { entity: 'invoices', via: 'patient', title: 'Invoices' },
      ],
    },
    doctors: {
      route: '/doctors',
      kind: 'list',
      title: 'Doctors',
      entity: 'doctors',
      columns: ['name', 'specialty'],
    },
    doctor: {
      route: '/doctors/:id',
      kind: 'detail',
      title: 'Doctor',
      entity: 'doctors',
      related: [{ entity: 'appointments', via: 'doctor', title: 'Diary' }],
    },
    invoices: {
      route: '/invoices',
      kind: 'list',
      title: 'Invoices',
      entity: 'invoices',
      columns: ['reference', 'patient', 'status', 'issuedOn'],
      filters: ['status', 'patient'],
    },
    newInvoice: {
      route: '/invoices/new',
      kind: 'form',
      title: 'New invoice',
      entity: 'invoices',
      roles: ['receptionist', 'admin'],
    },
    invoice: {
      route: '/invoices/:id',
      kind: 'detail',
      title: 'Invoice',
      entity: 'invoices',
      related: [{ entity: 'invoiceLines', via: 'invoice', title: 'Lines' }],
    },
    newInvoiceLine: {
      route: '/invoice-lines/new',
      kind: 'form',
      title: 'New invoice line',
      entity: 'invoiceLines',
      roles: ['receptionist', 'admin'],
    },
  },
});
