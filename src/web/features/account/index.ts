// The account feature's public entry: the fresh proof of identity other features ask for before a binding act.

export type { StepUpProof } from "./api";
export { StepUpDialog } from "./StepUpDialog";
