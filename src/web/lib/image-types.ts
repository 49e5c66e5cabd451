/** The image types every upload of the server takes (it checks again, from the bytes), for a file input's accept. */
export const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
