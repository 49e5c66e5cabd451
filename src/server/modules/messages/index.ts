/** The messages module's entry: its wiring. */
export { type MessagesModuleOptions, messagesModule } from "./module.js";
