import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { mutedTextClass } from "../../components/form/form-fields";
import { SectionCard } from "../../components/ui/SectionCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { AvatarForm } from "../../features/account/AvatarForm";
import { DeleteAccountForm } from "../../features/account/DeleteAccountForm";
import { DeviceSessions } from "../../features/account/DeviceSessions";
import { EmailChangeForm } from "../../features/account/EmailChangeForm";
import { MyDataExport } from "../../features/account/MyDataExport";
import { NotificationPreferencesForm } from "../../features/account/NotificationPreferencesForm";
import { ProfileForm } from "../../features/account/ProfileForm";
import { TwoStepSignIn } from "../../features/account/TwoStepSignIn";
import { useAuth } from "../../features/auth/AuthProvider";
import { profileQuery } from "../../features/auth/api";
import { ChangePasswordForm } from "../../features/auth/ChangePasswordForm";
import { ThemeSwitch } from "../../features/site/ThemeSwitch";

const sections = [
  { id: "profile", title: "Profile" },
  { id: "photo", title: "Photo" },
  { id: "email", title: "Email address" },
  { id: "password", title: "Password" },
  { id: "two-step", title: "Two-step sign-in" },
  { id: "devices", title: "Devices" },
  { id: "notifications", title: "Notifications" },
  { id: "appearance", title: "Appearance" },
  { id: "your-data", title: "Your data" },
  { id: "delete-account", title: "Delete account" },
] as const;

/**
 * SPEC §2 /settings: the account's details, photo, email, password, two-step sign-in, devices,
 * notifications and theme; a copy of the user's data and the deletion of the account (Nigeria Data Protection Act).
 */
export default function SettingsPage() {
  const { user, updateUser } = useAuth();
  const profile = useQuery(profileQuery);

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
            {sections.map((section) => (
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
              <SectionCard id="profile" title="Profile" description={`Signed in as ${user.email}.`}>
                {/* Keyed by the saved values, so the form starts again from what the server holds. */}
                <ProfileForm key={`${user.firstName}|${user.lastName}|${user.phone}|${user.location}|${user.company}`} user={user} />
              </SectionCard>
              <SectionCard id="photo" title="Photo" description="Shown to your team and in messages.">
                <AvatarForm user={user} />
              </SectionCard>
            </>
          )}
          <SectionCard id="email" title="Email address" description="Where we write to you, and how you sign in.">
            <EmailChangeForm key={user.email} currentEmail={user.email} />
          </SectionCard>
          <SectionCard id="password" title="Password" description="Changing it signs out your other devices.">
            <ChangePasswordForm email={user.email} />
          </SectionCard>
          <SectionCard id="two-step" title="Two-step sign-in">
            <TwoStepSignIn user={user} />
          </SectionCard>
          <SectionCard id="devices" title="Devices" description="Where your account is signed in now.">
            <DeviceSessions />
          </SectionCard>
          <SectionCard id="notifications" title="Notifications" description="What we tell you about, in the portal and by email.">
            <NotificationPreferencesForm />
          </SectionCard>
          <SectionCard id="appearance" title="Appearance" description="Light, dark, or follow your device.">
            <ThemeSwitch />
          </SectionCard>
          <SectionCard id="your-data" title="Your data" description="A copy of what Crestbuild holds about you.">
            <MyDataExport />
          </SectionCard>
          <SectionCard id="delete-account" title="Delete account">
            <DeleteAccountForm user={user} />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
