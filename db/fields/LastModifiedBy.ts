import { userType } from "./common/users";

/** Who last wrote the row: the caller's user id, set on insert and on every update (NocoDB's `LastModifiedBy`). */
export const LastModifiedByField = userType("LastModifiedBy", "write");
