/** The users module's entry: its wiring. */
export { type UsersModuleOptions, usersModule } from "./module.js";
