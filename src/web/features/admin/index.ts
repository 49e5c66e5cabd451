// The admin feature's public entry: what other features may use (the HR screen approves staff accounts too).
export { accountFiguresKeys, approveAccount } from "./api";
