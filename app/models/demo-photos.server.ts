import { readFile } from "node:fs/promises";
import sharp from "sharp";
import hero from "../assets/images/hero-1920.webp";
import villaPool from "../assets/images/villa-pool-960.webp";
import vineyard from "../assets/images/vineyard-960.webp";
import { updateRoomType } from "./room-types.server";
import { storeImageBytes } from "./uploads.server";

type Crop = { left: number; top: number; width: number; height: number };
type Shot = { art: string; crop?: Crop };

/*
 * No photographs can be fetched here, so the demo's rooms are shown through
 * the site's own artwork: each room type gets a few 4:3 views cut from the
 * landing page's pictures, so the guest's room dialog and its carousel have
 * something true to the estate to show.
 */
const SHOTS: Record<"quinta" | "suite" | "villa", Shot[]> = {
  quinta: [
    { art: hero, crop: { left: 240, top: 180, width: 1040, height: 780 } },
    { art: vineyard },
    { art: hero, crop: { left: 880, top: 300, width: 960, height: 720 } },
  ],
  suite: [
    { art: villaPool, crop: { left: 120, top: 60, width: 720, height: 540 } },
    { art: vineyard, crop: { left: 0, top: 180, width: 720, height: 540 } },
  ],
  villa: [{ art: villaPool }, { art: villaPool, crop: { left: 240, top: 180, width: 720, height: 540 } }, { art: hero, crop: { left: 0, top: 360, width: 960, height: 720 } }],
};

/** The built artwork sits beside the server bundle: build/client/assets/... */
const artFile = (url: string) => new URL(`../client${url}`, import.meta.url);

async function render(shot: Shot) {
  const bytes = await readFile(artFile(shot.art));
  const image = sharp(bytes);
  return { name: shot.art.split("/").pop() ?? "art.webp", bytes: await (shot.crop ? image.extract(shot.crop) : image).toBuffer() };
}

/**
 * Gives the demo's room types their photos. A missing artwork file (a server
 * run from source, not from the build) leaves the rooms without photos: the
 * demo still works.
 */
export async function seedDemoRoomPhotos(roomTypeIds: Record<keyof typeof SHOTS, string>) {
  try {
    for (const [key, shots] of Object.entries(SHOTS) as [keyof typeof SHOTS, Shot[]][]) {
      const imageUrls = await storeImageBytes(await Promise.all(shots.map(render)));
      updateRoomType(roomTypeIds[key], { imageUrls });
    }
  } catch (error) {
    console.warn(`Demo room photos skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
