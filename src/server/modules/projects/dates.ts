// Calendar days in Lagos time, shared with the portal's screens (overdue milestones look the same on both sides).
export { addDays, daysBetween, todayInLagos } from "../../../shared/calendar.js";
