using Prison.Db;
using Prison.Db.Identity;
using Prison.Db.RuleSettings;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// A headquarters admin approving a rules assembly of the folder, by the SHA-256 of the bytes there now, or revoking
/// an approval. Either is audited, and takes effect when web and each worker next start: an assembly cannot be
/// unloaded from a running process, and every process must evaluate with the same rules.
/// </summary>
public sealed class RuleAssemblyApprovals(PrisonDb db, RuleFolder folder, ActorReach reach, TimeProvider clock)
{
    /// <returns>False when that hash was approved already.</returns>
    public async Task<bool> ApproveAsync(string sha256, CancellationToken cancellationToken)
    {
        var hash = sha256.Trim().ToLowerInvariant();
        await HeadquartersActs.EnsureAsync(db, reach, $"approve the rules assembly with the SHA-256 {Clip(hash)}", cancellationToken);
        var file = folder.ReadNow().FirstOrDefault(f => f.Sha256 == hash)
            ?? throw new ChangeRefusedException($"No file in the rules folder has the SHA-256 {Clip(hash)} now: it was changed or removed since the page was read. Nothing was approved.", nameof(sha256));
        if (file.Problem is { } problem)
        {
            throw new ChangeRefusedException($"{file.FileName} is not a .NET assembly ({problem}). Nothing was approved.", nameof(sha256));
        }

        return await db.ApproveRuleAssemblyAsync(
            new RuleAssemblyApproval
            {
                Sha256 = file.Sha256,
                FileName = file.FileName,
                Rules = string.Join(", ", file.RuleClasses),
                ApprovedBy = db.ActorName,
                ApprovedAtUtc = clock.GetUtcNow().UtcDateTime,
            },
            cancellationToken);
    }

    /// <returns>False when that hash had no approval.</returns>
    public async Task<bool> RevokeAsync(string sha256, CancellationToken cancellationToken)
    {
        var hash = sha256.Trim().ToLowerInvariant();
        await HeadquartersActs.EnsureAsync(db, reach, $"revoke the approval of the rules assembly with the SHA-256 {Clip(hash)}", cancellationToken);
        return await db.RevokeRuleAssemblyAsync(hash, cancellationToken);
    }

    /// <summary>What a post said it was, kept short for a message: it may be anything.</summary>
    private static string Clip(string text) => text.Length <= 64 ? text : text[..64] + "…";
}
