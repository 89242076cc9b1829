import { z } from "zod";

/**
 * A part of a room request that the Worker's route has already validated with its own schema
 * (db/views/inputs.ts, db/hooks/inputs.ts...): the room takes it as it is, since parsing it a
 * second time could apply defaults or transforms twice. Only its type is declared here.
 */
export const checked = <T>() => z.custom<T>();
