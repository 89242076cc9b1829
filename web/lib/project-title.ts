/** Live project-name validation (SPEC 5) over the shared rule in db/project/rules.ts. */
import { PROJECT_TITLE_MAX, projectTitleProblem } from "../../db/project/rules";

export type ProjectTitleError =
  | { key: "msg.error.projectNameRequired" }
  | { key: "msg.error.projectNameExceeds50"; values: { max: number } }
  | { key: "msg.error.projectNameCannotStartWithSpace" };

/** The message key of the first rule the title breaks, or null when it is fine. */
export function projectTitleError(title: string): ProjectTitleError | null {
  switch (projectTitleProblem(title)) {
    case "required":
      return { key: "msg.error.projectNameRequired" };
    case "tooLong":
      return { key: "msg.error.projectNameExceeds50", values: { max: PROJECT_TITLE_MAX } };
    case "startsWithSpace":
      return { key: "msg.error.projectNameCannotStartWithSpace" };
    default:
      return null;
  }
}
