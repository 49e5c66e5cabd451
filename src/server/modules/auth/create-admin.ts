import { eq } from "drizzle-orm";
import { z } from "zod";
import { departmentCodeFor } from "../../../shared/departments.js";
import { wording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { hashPassword } from "./passwords.js";

/** An admin account holds every key: its password must be long and not trivially guessable. */
export const adminInputSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email(wording.invalidEmail)),
    firstName: z.string().trim().min(1, "A first name is required."),
    lastName: z.string().trim().min(1, "A last name is required."),
    password: z
      .string()
      .min(12, "The password must be at least 12 characters long.")
      .refine((value) => /[a-z]/i.test(value) && /\d/.test(value), "The password must contain letters and digits.")
      .refine((value) => new Set(value).size >= 6, "The password repeats too few characters."),
  })
  .refine((input) => !input.password.toLowerCase().includes(input.email.split("@")[0] ?? ""), {
    path: ["password"],
    message: "The password must not contain the email address.",
  });

export type AdminInput = z.input<typeof adminInputSchema>;

/** Creates a verified, approved admin in the Admin department; refuses an email already in use. */
export async function createAdmin(db: AppDb, input: z.output<typeof adminInputSchema>) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new Error(`An account with the email ${input.email} already exists.`);
  const now = new Date();
  const [admin] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      department: "Admin",
      departmentCode: departmentCodeFor("Admin"),
      role: "admin",
      approvedAt: now,
      emailVerifiedAt: now,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id, email: users.email });
  if (!admin) throw new Error("The admin account could not be created.");
  return admin;
}
