// Attachments benchmark through wrangler dev on loopback (R2 simulated on disk):
// upload throughput (1 MB files with a thumbnail, 4 in flight), and the latency of a grid page of
// 100 records x 3 uploads whose thumbnails are signed on every read, against the same page
// without files; then fetching one signed thumbnail.
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 60);
const FILE_BYTES = 1024 * 1024;
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8791),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 9251),
});
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Bench files" });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Docs",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Files", uidt: "Attachment" },
    ],
  });
  const files = table.columns.find((c) => c.title === "Files");
  const folder = `noco/${project.id}/${table.id}/${files.id}`;
  const original = new Uint8Array(FILE_BYTES).map((_, i) => (i * 31) & 255);
  original.set([0x89, 0x50, 0x4e, 0x47]);
  const thumb = new Uint8Array(8 * 1024);

  async function upload(i) {
    const form = new FormData();
    form.append("files[]", new File([original], `photo-${i}.png`, { type: "image/png" }));
    form.append("thumbnails[0]", new File([thumb], "t.webp", { type: "image/webp" }));
    const res = await fetch(`${server.base}/api/v1/db/storage/upload?path=${folder}`, {
      method: "POST",
      headers: { "xc-auth": token },
      body: form,
    });
    if (!res.ok) throw new Error(`upload -> ${res.status} ${await res.text()}`);
    return (await res.json())[0];
  }

  await upload(-1); // warm-up
  const perUpload = [];
  const uploaded = [];
  let next = 0;
  const totalMs = await timed(() =>
    Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (next < UPLOADS) {
          const i = next++;
          perUpload.push(await timed(async () => uploaded.push(await upload(i))));
        }
      }),
    ),
  );

  // 100 records x 3 items: the uploaded ones first, then distinct paths under the project (the
  // signing cost is per item; whether the bytes exist does not change a listing).
  const items = Array.from({ length: 300 }, (_, k) => {
    const real = uploaded[k];
    if (real)
      return { path: real.path, title: real.title, mimetype: "image/png", size: real.size, thumbnail: real.thumbnail };
    return {
      path: `download/${folder}/bench${k}.png`,
      title: `bench${k}.png`,
      mimetype: "image/png",
      size: 1000,
      thumbnail: `download/${folder}/bench${k}.thumb.webp`,
    };
  });
  await call(
    "POST",
    `/api/v1/db/data/bulk/noco/${project.id}/Docs`,
    Array.from({ length: 100 }, (_, r) => ({ Name: `doc ${r}`, Files: items.slice(r * 3, r * 3 + 3) })),
  );
  await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Plain",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Note", uidt: "LongText" },
    ],
  });
  await call(
    "POST",
    `/api/v1/db/data/bulk/noco/${project.id}/Plain`,
    Array.from({ length: 100 }, (_, r) => ({ Name: `doc ${r}`, Note: "x".repeat(300) })),
  );

  const page = `/api/v1/db/data/noco/${project.id}/Docs?limit=100`;
  let firstPage;
  const coldMs = await timed(async () => (firstPage = await call("GET", page)));
  const signedThumbs = firstPage.list.flatMap((r) => r.Files).filter((f) => f.thumbnails?.card?.signedPath).length;
  async function latency(path, n = 100) {
    const samples = [];
    for (let i = 0; i < n; i++) samples.push(await timed(() => call("GET", path)));
    return stats(samples);
  }
  const withFiles = await latency(page);
  const plain = await latency(`/api/v1/db/data/noco/${project.id}/Plain?limit=100`);

  const thumbUrl = `${server.base}/${firstPage.list[0].Files[0].thumbnails.card.signedPath}`;
  const thumbFetch = [];
  for (let i = 0; i < 100; i++) thumbFetch.push(await timed(async () => (await fetch(thumbUrl)).arrayBuffer()));

  console.log(
    JSON.stringify(
      {
        uploads: UPLOADS,
        fileBytes: FILE_BYTES,
        uploadMBPerSecond: +((UPLOADS * FILE_BYTES) / 1024 / 1024 / (totalMs / 1000)).toFixed(1),
        uploadFilesPerSecond: +(UPLOADS / (totalMs / 1000)).toFixed(1),
        uploadLatencyMs: stats(perUpload),
        gridPage: { rows: 100, signedThumbnails: signedThumbs },
        gridPageFirstReadMs: +coldMs.toFixed(1),
        gridPageWithFilesMs: withFiles,
        gridPageWithoutFilesMs: plain,
        signedThumbnailFetchMs: stats(thumbFetch),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
