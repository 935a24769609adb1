// The reminders' add/edit dialog as a chunk of its own (antd's DatePicker, Form and Modal: about
// 55 KB gz), fetched when a page first opens it (useLazyDialog). One function, so every page shares the chunk.
export const loadReminderDialog = () => import("./ReminderDialog").then((m) => m.ReminderDialog);
