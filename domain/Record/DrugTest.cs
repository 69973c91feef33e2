namespace Prison.Domain.Record;

public sealed class DrugTest : Entry
{
    private DrugTest()
    {
    }

    internal DrugTest(DateOnly date, DrugTestResult result)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Result = result;
    }

    public DateOnly Date { get; private set; }

    public DrugTestResult Result { get; private set; }

    public override string ToString() => $"drug test of {Date:yyyy-MM-dd}: {Words.InSentence(Result)}";
}
