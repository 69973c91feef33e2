using System.Globalization;
using System.Text.RegularExpressions;
using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>
/// The charge a top_charge stands for: its offence text, category and whether it is violent. A person is held on one
/// top charge at a time: <see cref="CustodyReplay"/> records each new one as a new charge and supersedes the charge the
/// previous one was recorded as (<see cref="Prison.Domain.Record.Charge.SupersededOn"/>), so that only the current top
/// charge stands for the rules and every earlier one stays on the record.
/// </summary>
public sealed partial record ImportedCharge(string Offence, OffenceCategory Category, bool IsViolent)
{
    private const string AttemptPrefix = "110-";

    /// <summary>
    /// A Penal Law section ("125.25", with a letter suffix such as H for a hate crime or a subdivision in
    /// brackets) is described as "NY Penal Law §125.25" and categorised by <see cref="PenalLaw"/>; a "110-" prefix
    /// is an attempt (Penal Law §110.00) of the same category, and is violent when the completed offence is.
    /// Anything else (VTL, AC, VOP, civil and court codes) is an Other, non-violent charge described as given.
    /// </summary>
    public static ImportedCharge FromTopCharge(string topCharge)
    {
        var code = topCharge.Trim().ToUpperInvariant();
        var match = PenalLawSection().Match(code);
        if (match.Success)
        {
            var attempt = match.Groups["attempt"].Success;
            var article = int.Parse(match.Groups["article"].Value, CultureInfo.InvariantCulture);
            var section = $"{match.Groups["article"].Value}.{match.Groups["section"].Value}";
            var spelled = $"{section}{match.Groups["suffix"].Value}";
            return new ImportedCharge(
                attempt ? $"Attempted NY Penal Law §{spelled} (§110.00)" : $"NY Penal Law §{spelled}",
                PenalLaw.CategoryOf(article, section),
                PenalLaw.IsViolent(article, section));
        }

        var offence = code.StartsWith("VTL ", StringComparison.Ordinal) ? $"NY Vehicle and Traffic Law §{code[4..]}"
            : code.StartsWith("AC ", StringComparison.Ordinal) ? $"NYC Administrative Code §{code[3..]}"
            : code == "VOP" ? "Violation of probation (VOP)"
            : $"NYC DOC top charge {code}";
        return new ImportedCharge(offence, OffenceCategory.Other, IsViolent: false);
    }

    [GeneratedRegex(@"^(?<attempt>110-)?(?<article>\d{2,3})\.(?<section>\d{2})(?<suffix>[A-Z]*(\([0-9A-Z]+\))*)$", RegexOptions.CultureInvariant)]
    private static partial Regex PenalLawSection();
}
