import { startFakeFiles } from "../support/fake-files";
import { ATTACHMENT_FIELD_SIZE } from "../../db/fields/common/attachments";

/** Runs in Node before the Worker tests: the loopback web server upload-by-url fetches from. */
export default async function setup() {
  const server = await startFakeFiles(Number(process.env.FAKE_FILES_PORT), ATTACHMENT_FIELD_SIZE);
  return () => {
    server.closeAllConnections();
    server.close();
  };
}
