namespace Prison.Web.SignIn;

/// <summary>
/// What the sign-in page tells everyone before they sign in (CJIS AC-8, system use notification): whose system this
/// is, that only authorised use is allowed, that use is monitored and recorded, and that signing in accepts it.
/// </summary>
public sealed record SystemUseNotice(IReadOnlyList<string> Paragraphs)
{
    /// <summary>The prison's own wording, as its policy has it; each line of it a paragraph.</summary>
    public const string TextKey = "SignIn:SystemUseNotice";

    public const string DefaultText =
        "This is a criminal justice information system, for authorised use only. Use of it is monitored, recorded and audited; "
        + "there is no expectation of privacy in anything done or stored on it.\n"
        + "Unauthorised use, or use beyond what you are authorised for, is prohibited and may lead to disciplinary action "
        + "and to criminal and civil penalties. By signing in you consent to these conditions.";

    public static SystemUseNotice From(IConfiguration configuration)
    {
        var text = configuration[TextKey] is { } configured && !string.IsNullOrWhiteSpace(configured) ? configured : DefaultText;
        return new([.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)]);
    }
}
