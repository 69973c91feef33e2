using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Identity;

/// <summary>Writes to a user's row that must hold after a race: one guarded statement each.</summary>
public static class StaffUserWrites
{
    /// <returns>
    /// Whether this call recorded <paramref name="step"/> as the user's last accepted authenticator step: false when a
    /// code of this step or a later one was accepted before, by this request's rival too.
    /// </returns>
    public static async Task<bool> ClaimAuthenticatorStepAsync(this PrisonDb db, string userId, long step, CancellationToken cancellationToken = default) =>
        await db.Users
            .Where(u => u.Id == userId && (u.AuthenticatorTimeStep == null || u.AuthenticatorTimeStep < step))
            .ExecuteUpdateAsync(s => s.SetProperty(u => u.AuthenticatorTimeStep, step), cancellationToken) == 1;
}
