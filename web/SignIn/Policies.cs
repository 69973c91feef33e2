namespace Prison.Web.SignIn;

/// <summary>
/// The authorization policies. Admin implies Staff (an admin uses the dashboard and the prisoner pages like staff);
/// Operator is separate: the operations page is for whoever runs the workers, who need not see prisoners.
/// </summary>
public static class Policies
{
    public const string Staff = "Staff";
    public const string Admin = "Admin";
    public const string Operator = "Operator";
}
