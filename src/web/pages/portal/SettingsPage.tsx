import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { canMakeCalls } from "../../../shared/access";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { SectionCard } from "../../components/ui/SectionCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { AvatarForm } from "../../features/account/AvatarForm";
import { profileQuery, signInMethodsQuery } from "../../features/account/api";
import { DeleteAccountForm } from "../../features/account/DeleteAccountForm";
import { EmailChangeForm } from "../../features/account/EmailChangeForm";
import { MyDataExport } from "../../features/account/MyDataExport";
import { NotificationPreferencesForm } from "../../features/account/NotificationPreferencesForm";
import { Passkeys } from "../../features/account/Passkeys";
import { ProfileForm } from "../../features/account/ProfileForm";
import { SignInMethods } from "../../features/account/SignInMethods";
import { TimeZoneForm } from "../../features/account/TimeZoneForm";
import { TwoStepSignIn } from "../../features/account/TwoStepSignIn";
import { ChangePasswordForm } from "../../features/auth/ChangePasswordForm";
import { CallNotificationsSwitch } from "../../features/calls";
import { ThemeSwitch } from "../../features/site/ThemeSwitch";
import { useAuth } from "../../lib/session/AuthProvider";

/** The sections in page order: the menu and each section's card take their title from here. */
const sections = [
  { id: "profile", title: "Profile" },
  { id: "photo", title: "Photo" },
  { id: "email", title: "Email address" },
  { id: "password", title: "Password" },
  { id: "two-step", title: "Two-step sign-in" },
  { id: "sign-in-methods", title: "Sign-in methods" },
  { id: "passkeys", title: "Passkeys" },
  { id: "devices", title: "Devices" },
  { id: "notifications", title: "Notifications" },
  { id: "time-zone", title: "Time zone" },
  { id: "appearance", title: "Appearance" },
  { id: "your-data", title: "Your data" },
  { id: "delete-account", title: "Delete account" },
] as const;

type SectionId = (typeof sections)[number]["id"];

/** A section card's id (the menu's anchor) and title. */
const section = (id: SectionId) => sections.find((entry) => entry.id === id) as (typeof sections)[number];

/**
 * docs/product.md#portal-screens /settings: the account's details, photo, email, password, two-step sign-in, devices,
 * notifications, time zone and theme; a copy of the user's data and the deletion of the account (Nigeria Data Protection Act).
 */
export default function SettingsPage() {
  const { user, updateUser } = useAuth();
  const profile = useQuery(profileQuery);
  // Sign-in methods are the identity providers: no section where none is offered and none is linked.
  const methods = useQuery(signInMethodsQuery);
  const withSignInMethods =
    methods.isError || (methods.data !== undefined && (methods.data.providers.length > 0 || methods.data.identities.length > 0));
  const shownSections = sections.filter((entry) => entry.id !== "sign-in-methods" || withSignInMethods);

  // The server's copy is the truth: a change made on another device shows here.
  useEffect(() => {
    if (profile.data) updateUser(profile.data);
  }, [profile.data, updateUser]);

  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">Settings</h1>
        <p className={`mt-1 ${mutedTextClass}`}>Your account, security and preferences.</p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[12rem_1fr]">
        <nav aria-label="Settings sections" className="min-w-0 lg:sticky lg:top-24">
          <ul className="relative flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:pb-0">
            {shownSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block min-h-10 whitespace-nowrap rounded-md px-3 py-2 font-medium hover:bg-neutral-light/40 dark:hover:bg-brand-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          {profile.isError ? <ErrorMessage error={profile.error} onRetry={() => void profile.refetch()} /> : null}
          {profile.isPending ? (
            <LoadingMessage>Loading your account...</LoadingMessage>
          ) : (
            <>
              <SectionCard
                {...section("profile")}
                description={
                  <>
                    Signed in as <span className="break-all">{user.email}</span>.
                  </>
                }
              >
                {/* Keyed by the saved values, so the form starts again from what the server holds. */}
                <ProfileForm key={`${user.firstName}|${user.lastName}|${user.phone}|${user.location}|${user.company}`} user={user} />
              </SectionCard>
              <SectionCard {...section("photo")} description="Shown to your team and in messages.">
                <AvatarForm user={user} />
              </SectionCard>
            </>
          )}
          <SectionCard {...section("email")} description="Where we write to you, and how you sign in.">
            <EmailChangeForm key={user.email} currentEmail={user.email} mfaEnabled={user.mfaEnabled} />
          </SectionCard>
          <SectionCard {...section("password")} description="Changing it signs out your other devices.">
            <ChangePasswordForm email={user.email} />
          </SectionCard>
          <SectionCard {...section("two-step")}>
            <TwoStepSignIn user={user} />
          </SectionCard>
          {withSignInMethods ? (
            <SectionCard {...section("sign-in-methods")} description="Identity providers you can sign in with.">
              <SignInMethods />
            </SectionCard>
          ) : null}
          <SectionCard
            {...section("passkeys")}
            description="Sign in with your fingerprint, face or device PIN instead of a password and code."
          >
            <Passkeys />
          </SectionCard>
          <SectionCard {...section("devices")} description="Where your account is signed in now.">
            <p>
              Your signed-in devices and recent sign-ins are on the{" "}
              <Link to="/security#devices" className={linkClass}>
                Security
              </Link>{" "}
              page, where you can sign any of them out.
            </p>
          </SectionCard>
          <SectionCard {...section("notifications")} description="What we tell you about, in the portal and by email.">
            <NotificationPreferencesForm />
            {canMakeCalls({ id: user.id, role: user.role, department: user.department }) ? (
              <div className="mt-6 flex flex-col gap-3 border-t border-neutral-light pt-4 dark:border-brand-700">
                <h3 className="font-semibold">Calls</h3>
                <CallNotificationsSwitch />
              </div>
            ) : null}
          </SectionCard>
          <SectionCard {...section("time-zone")} description="Every date and time here and in our emails to you is in it.">
            {/* Keyed by the saved zone, so the form starts again from what the server holds. */}
            <TimeZoneForm key={user.timeZone ?? ""} user={user} />
          </SectionCard>
          <SectionCard {...section("appearance")} description="Light, dark, or follow your device.">
            <ThemeSwitch />
          </SectionCard>
          <SectionCard {...section("your-data")} description="A copy of what Crestbuild holds about you.">
            <MyDataExport />
          </SectionCard>
          <SectionCard {...section("delete-account")}>
            <DeleteAccountForm user={user} />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
