import re,sys,subprocess,collections
out=sys.stdin.read()
pat=re.compile(r"^(warning|error)[^\n]*unused imports?: (.*?)\n\s*--> ([^:]+):(\d+):(\d+)",re.M)
todo=collections.defaultdict(list)
for m in pat.finditer(out):
    names=re.findall(r"`([^`]+)`",m.group(2))
    todo[m.group(3)].append((int(m.group(4)),names))
for f,items in todo.items():
    L=open(f).read().split('\n')
    starts=collections.defaultdict(list)
    for line,names in items:
        i=line-1
        while not L[i].lstrip().startswith(('use ','pub use ','pub(super) use ')): i-=1
        starts[i]+=names
    for i,names in sorted(starts.items(),reverse=True):
        j=i
        while not L[j].rstrip().endswith(';'): j+=1
        stmt='\n'.join(L[i:j+1])
        for n in names:
            last=n.split('::')[-1]
            if '::' in n and stmt.replace('\n',' ').strip().rstrip(';').endswith(n):
                stmt=''; break
            stmt=re.sub(r'(?<![\w:])'+re.escape(last)+r'(?![\w:])\s*,?\s*','',stmt,count=1)
        # clean
        if stmt:
            s2=re.sub(r'\{\s*\}','',stmt)
            if re.search(r'::\s*;',s2) or re.search(r'::\s*$',s2.rstrip(';').strip()) or re.match(r'^\s*(pub(\(super\))? )?use\s*;',s2):
                stmt=''
            else:
                stmt=s2
        L[i:j+1]=[stmt] if stmt else ['@@DEL@@']
    L=[l for l in L if l!='@@DEL@@']
    open(f,'w').write('\n'.join(L))
print(len(todo),"files")
