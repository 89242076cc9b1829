import { Paperclip } from "lucide-react";
import type { FieldUi } from "../types";

export const AttachmentUi: FieldUi = { icon: Paperclip, OptionsForm: null, defaultInput: "none" };
