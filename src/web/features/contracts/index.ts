// The contracts feature's public entry: the project page's Money section, and a payer's way to the money they pay.
export { PaidProjectMoney } from "./PaidProjectMoney";
export { PayingFor, payingForFirstData, prefetchPayingFor } from "./PayingFor";
export { ProjectMoney } from "./ProjectMoney";
