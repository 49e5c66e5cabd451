import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "../../../shared/auth";
import { authMessages } from "../../../shared/auth-messages";
import { withPasswordConfirmation } from "./password-confirmation";

describe("a new password typed twice", () => {
  const schema = withPasswordConfirmation(changePasswordSchema);

  it("passes when both match, with the schema's own fields", () => {
    const parsed = schema.parse({ currentPassword: "old password 1", newPassword: "new password 12", confirmPassword: "new password 12" });
    expect(parsed).toEqual({ currentPassword: "old password 1", newPassword: "new password 12", confirmPassword: "new password 12" });
  });

  it("says under the second field that they differ", () => {
    const result = schema.safeParse({
      currentPassword: "old password 1",
      newPassword: "new password 12",
      confirmPassword: "new password 13",
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch }),
    ]);
  });

  it("keeps the schema's own rules", () => {
    const result = schema.safeParse({ currentPassword: "old password 1", newPassword: "short", confirmPassword: "short" });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["newPassword"]]);
  });
});
