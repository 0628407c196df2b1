import { z } from 'zod';

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().toLowerCase().email().max(255),
  password: z.string().min(1).max(255),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().optional(),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().optional(),
});

export const grantSchema = z.discriminatedUnion('grant_type', [passwordGrantSchema, refreshGrantSchema], {
  errorMap: () => ({ message: 'The grant type field must be password or refresh_token.' }),
});

export type TokenResponse = {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
};
