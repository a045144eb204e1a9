/** The live service's read quota: about 30 read calls an hour (cli-contract "Real-world tolerance"). */
export const HOURLY_READ_QUOTA = 30;
