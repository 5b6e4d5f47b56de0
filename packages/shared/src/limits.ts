/** Limits shared by server validation and the forms that show them. */
export const passwordRules = {
  minLength: 12,
  maxLength: 128,
} as const;

export const nameLimits = { displayName: 80, jobTitle: 80, tenantName: 80, slug: 40 } as const;

/** Sign-in lockout: this many failures inside the window locks the account for the lock time. */
export const lockoutPolicy = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** Layout constants from the product spec (section 9). */
export const layout = {
  sidebarExpandedPx: 270,
  sidebarCollapsedPx: 76,
  autoExpandAbovePx: 780,
  initialOpenFromPx: 1024,
  headerPx: 68,
  contentOffsetPx: 70,
  notificationMaxHeightPx: 280,
  notificationMaxWidthPx: 230,
  submenuAnimationS: 0.3,
  profileMenuAnimationS: 0.1,
} as const;

/** JSON nested deeper than this is refused (uploads, imports): real security documents stay far below it. */
export const jsonMaxDepth = 64;
