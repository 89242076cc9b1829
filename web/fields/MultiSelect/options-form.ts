/** MultiSelect options: the select options editor shared with the other select type. */
export { SelectOptionsForm as MultiSelectOptionsForm } from "../common/select-options-form";
