import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exifDay, sniffFormat } from "./album-formats";
import { wipeLocation } from "./album-location";

const pixels = (w = 64, h = 48) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 120, g: 40, b: 60 } } });
const GPS = { GPSLatitudeRef: "N", GPSLatitude: "38/1 42/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "9/1 8/1 0/1" };
const EXIF = { IFD0: { Make: "Apple", Model: "iPhone 15", DateTime: "2026:06:13 21:04:55" }, IFD3: GPS };

describe("what a file is, from its bytes", () => {
  it("knows JPEG, PNG, WebP, AVIF and HEIC whatever the name, and nothing else", async () => {
    expect(sniffFormat(await pixels().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffFormat(await pixels().png().toBuffer())).toBe("png");
    expect(sniffFormat(await pixels().webp().toBuffer())).toBe("webp");
    expect(sniffFormat(await pixels().avif().toBuffer())).toBe("avif");
    expect(sniffFormat(readFileSync("tests/fixtures/album/rainbow-451x461.heic"))).toBe("heic");
    expect(sniffFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFormat(await pixels().gif().toBuffer())).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });

  it("reads the day a photo was taken from its EXIF, else nothing", async () => {
    expect(exifDay(await pixels().jpeg().withExif(EXIF).toBuffer())).toBe("2026-06-13");
    expect(exifDay(await pixels().jpeg().toBuffer())).toBeNull();
  });
});

describe("the location of a photo", () => {
  for (const format of ["jpeg", "webp", "png"] as const) {
    it(`is wiped from a ${format} in place: same length, still an image, the other EXIF kept`, async () => {
      const photo = await pixels().toFormat(format).withExif(EXIF).toBuffer();
      expect((await sharp(photo).metadata()).exif?.includes(Buffer.from("GPS"))).toBeDefined();
      const before = Buffer.from(photo);
      expect(wipeLocation(photo)).toBe(1);
      expect(photo.length).toBe(before.length);
      const meta = await sharp(photo).metadata();
      expect(meta.width).toBe(64);
      // The GPS pointer is gone and the coordinates' bytes are zeros; the camera's name stays.
      expect(photo.includes(Buffer.from("iPhone 15"))).toBe(true);
      const latitude = Buffer.alloc(8);
      latitude.writeUInt32BE(38, 0);
      latitude.writeUInt32BE(1, 4);
      const le = Buffer.alloc(8);
      le.writeUInt32LE(38, 0);
      le.writeUInt32LE(1, 4);
      expect(before.includes(latitude) || before.includes(le)).toBe(true);
      expect(photo.includes(latitude) || photo.includes(le)).toBe(false);
      await sharp(photo).toBuffer(); // still decodes (a PNG's chunk checksum was fixed)
    });
  }

  it("leaves a photo without a location as it was", async () => {
    const photo = await pixels().jpeg().withExif({ IFD0: { Make: "Apple" } }).toBuffer();
    const before = Buffer.from(photo);
    expect(wipeLocation(photo)).toBe(0);
    expect(photo.equals(before)).toBe(true);
  });
});
