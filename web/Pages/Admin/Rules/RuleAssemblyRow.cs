using Prison.Db.RuleSettings;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>
/// One rules assembly on the rules page: a file of the folder now, or an approval whose file is gone, with whether
/// this process loaded it at its start.
/// </summary>
/// <param name="RuleClasses">The rule classes read from its metadata, without running it.</param>
/// <param name="Problem">Why the file cannot be read as an assembly, when it cannot.</param>
public sealed record RuleAssemblyRow(
    string FileName, string Sha256, IReadOnlyList<string> RuleClasses, string? Problem, bool InFolder, RuleAssemblyApproval? Approval, bool Loaded);
