using System.Text;

namespace Prison.Web.Status;

/// <summary>Code names as staff read them: "AssaultOnStaff" is "Assault on staff".</summary>
public static class Words
{
    public static string Of(string name)
    {
        var text = new StringBuilder(name.Length + 8);
        foreach (var c in name)
        {
            if (char.IsUpper(c) && text.Length > 0)
            {
                text.Append(' ').Append(char.ToLowerInvariant(c));
            }
            else
            {
                text.Append(c);
            }
        }

        return text.ToString();
    }
}
