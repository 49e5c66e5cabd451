import sharp from "sharp";

/** A phone photo: JPEG with the camera's make and GPS position in its EXIF. */
export const jpegWithGps = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#7C5841" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 0/1" },
    })
    .toBuffer();

export const pngImage = (width = 500, height = 500) =>
  sharp({ create: { width, height, channels: 4, background: "#051822" } })
    .png()
    .toBuffer();

/** An SVG carrying a script: never accepted as an image. */
export const svgWithScript = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
