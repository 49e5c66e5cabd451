// The contracts feature's public entry: the project page's Money section.
export { ProjectMoney } from "./ProjectMoney";
