import { Paperclip } from "lucide-react";
import type { FieldUi } from "../types";
import { AttachmentCell } from "./cell";

export const AttachmentUi: FieldUi = { icon: Paperclip, OptionsForm: null, defaultInput: "none", Cell: AttachmentCell, Editor: null };
