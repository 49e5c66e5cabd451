/** What the calls module offers the app: its signalling (the realtime socket's `call.*` frames) and its wiring. */
export { type Calls, type CallsModuleOptions, type CallsTiming, callsModule, createCalls } from "./module.js";
