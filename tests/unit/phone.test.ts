import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from '../../api/domains/account/schema';
import { userCreateSchema } from '../../api/domains/user/schema';
import { profileSchema } from '~/lib/schemas/account';
import { userFormSchema } from '~/lib/schemas/settings';

const TYPED = ['0812 3456 7890', '0812-3456-7890', '+62 812-3456-7890', '(0812) 3456.7890', ' 081234567890 '];

describe('an Indonesian mobile number, the same rule on both sides', () => {
  it.each(TYPED)('the web forms take %j and keep it without separators', (typed) => {
    const profile = profileSchema.safeParse({ intent: 'profile', name: 'Siti', mobile_phone: typed });
    const member = userFormSchema({ mode: 'member', editing: true }).safeParse({
      name: 'Siti',
      email: 'siti@example.test',
      mobile_phone: typed,
    });

    expect(profile.success && profile.data.mobile_phone).toMatch(/^(\+62|0)81234567890$/);
    expect(member.success && member.data.mobile_phone).toMatch(/^(\+62|0)81234567890$/);
  });

  it.each(TYPED)('the API takes %j and keeps it without separators', (typed) => {
    const profile = updateProfileSchema.safeParse({ name: 'Siti', mobile_phone: typed });
    const user = userCreateSchema.safeParse({
      name: 'Siti',
      email: 'siti@example.test',
      mobile_phone: typed,
      password: 'rahasia-sekali',
      role_id: 1,
    });

    expect(profile.success && profile.data.mobile_phone).toMatch(/^(\+62|0)81234567890$/);
    expect(user.success && user.data.mobile_phone).toMatch(/^(\+62|0)81234567890$/);
  });

  it.each(['0812 34', '021-5550123', '0812-3456-7890-1234', '0812/3456/7890', 'nomor saya'])(
    'both sides refuse %j',
    (typed) => {
      expect(profileSchema.safeParse({ intent: 'profile', name: 'Siti', mobile_phone: typed }).success).toBe(
        false,
      );
      expect(updateProfileSchema.safeParse({ name: 'Siti', mobile_phone: typed }).success).toBe(false);
    },
  );
});
