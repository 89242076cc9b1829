import { MapPin } from "lucide-react";
import type { FieldUi } from "../types";

export const GeometryUi: FieldUi = { icon: MapPin, OptionsForm: null, defaultInput: "text" };
