/** The kinds of event a user can be told about, in the bell and by email (each can be turned off in /settings). */
export const notificationKinds = [
  "project_status",
  "project_progress",
  "project_update",
  "milestone_done",
  "document_added",
  "project_assigned",
  "project_requested",
  "message",
  "inquiry_assigned",
  "call_missed",
  "announcement",
  "live_check_requested",
  "live_check_answered",
  "weekly_report",
  "invoice_issued",
  "payment_recorded",
  "payment_decided",
  "snag_raised",
  "snag_fixed",
  "snag_assigned",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What only the staff are told of (assignments, clients' requests, inquiries, calls, announcements). */
const staffOnlyKinds: readonly NotificationKind[] = [
  "project_assigned",
  "project_requested",
  "inquiry_assigned",
  "call_missed",
  "announcement",
  "payment_recorded",
  "snag_assigned",
];

/** What only the clients are told of: their project's weekly report (docs/decisions/139-weekly-reports.md). */
const clientOnlyKinds: readonly NotificationKind[] = ["weekly_report", "invoice_issued", "payment_decided"];

/** The kinds a person can be told about, for their settings: a client is never sent the staff's, nor the staff the clients'. */
export const notificationKindsFor = (role: string): readonly NotificationKind[] =>
  notificationKinds.filter((kind) => !(role === "user" ? staffOnlyKinds : clientOnlyKinds).includes(kind));

export const notificationKindLabels: Record<NotificationKind, string> = {
  project_status: "A project's status changes",
  project_progress: "A project's progress changes",
  project_update: "A new site update is posted",
  milestone_done: "A milestone is completed",
  document_added: "A new document is shared",
  project_assigned: "You are assigned to a project",
  project_requested: "A client requests a new project",
  message: "A new message arrives",
  inquiry_assigned: "A contact inquiry is assigned to you",
  call_missed: "You miss a call",
  announcement: "An administrator sends an announcement",
  live_check_requested: "A client asks the site for a live check",
  live_check_answered: "A live check you asked for is answered",
  weekly_report: "Your project's weekly progress report is ready",
  invoice_issued: "An invoice is issued for your project",
  payment_recorded: "A client records a transfer to confirm",
  payment_decided: "Accounts confirm or reject your transfer",
  snag_raised: "A snag is raised on your project",
  snag_fixed: "A snag on your project is marked fixed",
  snag_assigned: "A snag is assigned to you, or reopened",
};

export type NotificationChannels = { inApp: boolean; email: boolean };
export type NotificationPreferences = Record<NotificationKind, NotificationChannels>;

/** Everything in the bell; email for what matters most, not for every chat message. */
export const defaultNotificationPreferences: NotificationPreferences = {
  project_status: { inApp: true, email: true },
  project_progress: { inApp: true, email: false },
  project_update: { inApp: true, email: true },
  milestone_done: { inApp: true, email: true },
  document_added: { inApp: true, email: true },
  project_assigned: { inApp: true, email: true },
  project_requested: { inApp: true, email: true },
  message: { inApp: true, email: false },
  inquiry_assigned: { inApp: true, email: true },
  call_missed: { inApp: true, email: false },
  announcement: { inApp: true, email: false },
  live_check_requested: { inApp: true, email: true },
  live_check_answered: { inApp: true, email: true },
  weekly_report: { inApp: true, email: true },
  invoice_issued: { inApp: true, email: true },
  payment_recorded: { inApp: true, email: true },
  payment_decided: { inApp: true, email: true },
  snag_raised: { inApp: true, email: true },
  snag_fixed: { inApp: true, email: true },
  snag_assigned: { inApp: true, email: true },
};

/** A user's stored choices over the defaults (kinds added later get their default). */
export function resolvePreferences(stored: Partial<Record<string, Partial<NotificationChannels>>>): NotificationPreferences {
  const resolved = { ...defaultNotificationPreferences };
  for (const kind of notificationKinds) resolved[kind] = { ...defaultNotificationPreferences[kind], ...stored[kind] };
  return resolved;
}
