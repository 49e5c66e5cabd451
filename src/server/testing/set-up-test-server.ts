import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { accountsClient } from "./accounts.js";
import { projectConversationMaker } from "./conversations.js";
import { type MailCatcher, startMailCatcher } from "./mail-catcher.js";
import { portalPeople } from "./people.js";
import { projectMaker } from "./projects.js";
import { startTestServer, type TestServer } from "./test-app.js";

type Options = NonNullable<Parameters<typeof startTestServer>[1]> & {
  /** One server for the whole file or describe (started before its first test) instead of a fresh one per test. */
  once?: boolean;
};

/**
 * Registers the hooks of a server test file (or describe): a real SMTP catcher, and the real app on a freshly
 * reset database for each test (or once), sending its mail to the catcher; `env` adds to its configuration.
 * Answers what the tests use: the server and the mail catcher, the API client and the people kit bound to them.
 */
export function setUpTestServer(env: Record<string, string> = {}, { once = false, ...options }: Options = {}) {
  let mail: MailCatcher | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(() => mail?.close());
  const start = async () => {
    server = await startTestServer({ SMTP_URL: theMail().url, ...env }, options);
  };
  const stop = () => server?.close();
  if (once) {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }

  function theServer(): TestServer {
    if (!server) throw new Error("the test server runs only within tests and hooks");
    return server;
  }
  function theMail(): MailCatcher {
    if (!mail) throw new Error("the mail catcher runs only within tests and hooks");
    return mail;
  }

  const accounts = accountsClient(theServer, theMail);
  const people = portalPeople(accounts, theServer);
  const createProject = projectMaker(accounts);
  return {
    server: theServer,
    mail: theMail,
    ...accounts,
    people,
    createProject,
    projectConversation: projectConversationMaker({ call: accounts.call, people, createProject }),
  };
}
