import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { diaryConditions, type ProjectDetail, type ProjectPhoto, type SiteUpdate } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { Avatar } from "../../../components/ui/Avatar";
import { LoadMoreButton } from "../../../components/ui/LoadMoreButton";
import { RelativeTime } from "../../../components/ui/RelativeTime";
import { RenderedMarkdown } from "../../../components/ui/RenderedMarkdown";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { siteUpdatesQuery } from "../api";
import { avatarPerson } from "../person";
import { Lightbox } from "./Lightbox";
import { PhotoThumbnail } from "./PhotoThumbnail";
import { PostUpdateForm } from "./PostUpdateForm";

function UpdateConditions({ update }: { update: SiteUpdate }) {
  const conditions = diaryConditions(update);
  if (conditions.length === 0) return null;
  return (
    <dl aria-label="Conditions on site" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {conditions.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UpdateEntry({ update, onOpenPhoto }: { update: SiteUpdate; onOpenPhoto: (photos: ProjectPhoto[], index: number) => void }) {
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <Avatar person={avatarPerson(update.author)} />
      <article className="flex min-w-0 flex-1 flex-col gap-2" aria-label={`Update by ${update.author?.name ?? "Crestbuild"}`}>
        <p className="text-sm">
          <span className="font-semibold">{update.author?.name ?? "Crestbuild"}</span>{" "}
          <span className={mutedTextClass}>
            · <RelativeTime iso={update.createdAt} />
          </span>
        </p>
        <RenderedMarkdown html={update.bodyHtml} />
        <UpdateConditions update={update} />
        {update.photos.length > 0 ? (
          <ul aria-label="Photos of this update" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {update.photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoThumbnail photo={photo} position={index} onOpen={() => onOpenPhoto(update.photos, index)} />
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

/** The Updates section: the site diary, newest first, a page at a time; editors post new entries with photos. */
export function SiteDiary({ project }: { project: ProjectDetail }) {
  const updates = useInfiniteQuery(siteUpdatesQuery(project.id));
  const [viewing, setViewing] = useState<{ photos: ProjectPhoto[]; index: number } | null>(null);
  const entries = updates.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      {project.permissions.edit ? (
        <SectionCard id="post-update" title="Post a site update">
          <PostUpdateForm projectId={project.id} />
        </SectionCard>
      ) : null}
      <SectionCard id="diary" title="Site updates">
        {updates.isPending ? <LoadingMessage>Loading site updates...</LoadingMessage> : null}
        {updates.isError ? <ErrorMessage error={updates.error} onRetry={() => void updates.refetch()} /> : null}
        {updates.isSuccess && entries.length === 0 ? (
          <EmptyMessage title="No site update yet.">What happens on site appears here, newest first.</EmptyMessage>
        ) : null}
        {entries.length > 0 ? (
          <div className="flex flex-col gap-4">
            <ul aria-label="Site updates, newest first" className="divide-y divide-neutral-light dark:divide-brand-700">
              {entries.map((update) => (
                <UpdateEntry key={update.id} update={update} onOpenPhoto={(photos, index) => setViewing({ photos, index })} />
              ))}
            </ul>
            <LoadMoreButton query={updates} label="Load more updates" />
          </div>
        ) : null}
      </SectionCard>
      <Lightbox
        photos={viewing?.photos ?? []}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((current) => (current ? { ...current, index } : current))}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
