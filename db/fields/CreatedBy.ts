import { userType } from "./common/users";

/** Who created the row: the caller's user id, set once on insert (NocoDB's `CreatedBy`). */
export const CreatedByField = userType("CreatedBy", "insert");
