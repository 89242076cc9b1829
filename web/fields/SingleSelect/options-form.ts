/** SingleSelect options: the select options editor shared with the other select type. */
export { SelectOptionsForm as SingleSelectOptionsForm } from "../common/select-options-form";
