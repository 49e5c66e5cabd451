/** What the calls module offers the app: its wiring (routes and the realtime frames it handles). */
export { type CallsTiming, callsModule } from "./module.js";
