import type { PeopleDirectory } from "../../../shared/people";
import { privateQuery } from "../../lib/api-query";

export const peopleQuery = privateQuery<PeopleDirectory>(["/people"]);
