import { randomInt } from "node:crypto";

/** CONTRACT.md 4: A-Z a-z 0-9 _ - (64 symbols), 10 characters = 60 bits of entropy. */
export const AUTH_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
export const AUTH_CODE_LENGTH = 10;

export function generateAuthCode() {
  let code = "";
  for (let i = 0; i < AUTH_CODE_LENGTH; i++) code += AUTH_CODE_ALPHABET[randomInt(AUTH_CODE_ALPHABET.length)];
  return code;
}
