import { ApiError } from "../../shared/api.js";
import { wording } from "../../shared/wording.js";

/** 403: the caller is known but may not do this (the wording of docs/product.md#wording). */
export const accessDenied = () => new ApiError(403, wording.accessDenied, "forbidden");
