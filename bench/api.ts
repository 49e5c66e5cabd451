/** A file sent in a multipart form, as the portal's forms send it. */
export type FormFile = { field: string; name: string; type: string; data: Buffer };

/** A JSON call to the API as this token: its `data`, or an error naming the route and the answer. */
export async function api(origin: string, token: string, route: string, init: { method: string; body?: unknown }) {
  const response = await fetch(`${origin}/api${route}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const answer = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(`${init.method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A multipart POST to the API as this token, its fields before its files: the status and the answer's `data`. */
export async function postForm(origin: string, token: string, route: string, files: FormFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${origin}/api${route}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const answer = (await response.json()) as { data: Record<string, unknown> };
  return { status: response.status, data: answer.data, answer };
}

/** A project in progress created by an admin for this client, managed by this staff member: its id. */
export async function createProject(origin: string, adminToken: string, title: string, people: { clientId: string; managerId: string }) {
  const project = await api(origin, adminToken, "/projects", {
    method: "POST",
    body: { title, description: "A duplex.", category: "residential", city: "Abuja", status: "in_progress", ...people },
  });
  return Number(project.id);
}
