/** The contracts module's entry: its wiring. */
export { type ContractsModuleOptions, contractsModule } from "./module.js";
