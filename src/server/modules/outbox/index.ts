/** The outbox module's entry: its routes take what they need (the database), so they are its wiring. */
export { outboxRoutes as outboxModule } from "./routes.js";
