import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Laptop } from "lucide-react";
import type { DeviceSession } from "../../../shared/account";
import { describeUserAgent } from "../../../shared/user-agent";
import { failureMessage } from "../../components/form/form-errors";
import { InlineAlert, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { accountApi, deviceSessionsQuery } from "./api";

function Device({ device }: { device: DeviceSession }) {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const name = describeUserAgent(device.userAgent);
  const signOut = useMutation({
    mutationFn: () => accountApi.signOutDevice(device.id),
    onSuccess: async () => {
      toast.success("That device has been signed out.");
      await queryClient.invalidateQueries({ queryKey: deviceSessionsQuery.queryKey });
    },
  });
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Laptop aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">
            {name}
            {device.current ? (
              <span className="ml-2 rounded-full bg-brand-900 px-2 py-0.5 text-xs font-semibold text-white dark:bg-white dark:text-brand-900">
                This device
              </span>
            ) : null}
          </p>
          <p className={`text-sm ${mutedTextClass}`}>
            {device.ipAddress ? `Address ${device.ipAddress} · ` : ""}last used <RelativeTime iso={device.lastUsedAt} /> · signed in{" "}
            {formats.dateTime(device.createdAt)}
          </p>
          <InlineAlert message={signOut.isError ? failureMessage(signOut.error) : null} />
        </div>
      </div>
      {device.current ? null : (
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending} aria-label={`Sign out ${name}`}>
          {signOut.isPending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; any other device can be signed out from here. */
export function DeviceSessions() {
  const devices = useQuery(deviceSessionsQuery);
  if (devices.isPending) return <LoadingMessage>Loading your devices...</LoadingMessage>;
  if (devices.isError) return <ErrorMessage error={devices.error} onRetry={() => void devices.refetch()} />;
  return (
    <ul aria-label="Signed-in devices" className="divide-y divide-neutral-light dark:divide-brand-700">
      {devices.data.sessions.map((device) => (
        <Device key={device.id} device={device} />
      ))}
    </ul>
  );
}
